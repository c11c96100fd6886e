import Avatar from '@mui/material/Avatar';
import type { SessionUser } from '../../session/store';

export const initials = (name?: string | null): string =>
  (name ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2).map((p) => p[0]!.toUpperCase()).join('') || '?';

export function UserAvatar({ user, size = 32 }: { user: SessionUser | null; size?: number }) {
  return (
    <Avatar src={user?.photo?.url ?? undefined} alt={user?.name ?? ''} sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.42 }}>
      {initials(user?.name)}
    </Avatar>
  );
}
