import Avatar from '@mui/material/Avatar';
import { initials } from '@paco/domain/format';
import type { SessionUser } from '../session/store';

/** The user's photo, or their initials on the secondary colour (dark text: white on orange is 2.1:1). */
export function UserAvatar({ user, size = 32 }: { user: SessionUser | null; size?: number }) {
  return (
    <Avatar src={user?.photo?.url ?? undefined} alt={user?.name ?? ''} sx={{ width: size, height: size, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: size * 0.42 }}>
      {initials(user?.name)}
    </Avatar>
  );
}
