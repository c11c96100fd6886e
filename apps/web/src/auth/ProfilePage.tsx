/**
 * /auth/profile — name, photo and password of the signed-in user (PUT /api/profile, POST /api/profile/photo), and
 * "Meus dados (LGPD)": the download of their own data (MyDataSection).
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { api } from '../api/client';
import { useSession } from '../session/SessionProvider';
import type { SessionUser } from '../session/store';
import { notifyApiError, notifyErrors, notifySuccess } from '../shell/notify';
import { UserAvatar } from '../shell/UserAvatar';
import { applyApiErrors, mui } from './formErrors';
import { PasswordField } from './PasswordField';
import MyDataSection from '../shell/MyDataSection';
import { account } from '../api/account';
import { actionPath, call, dataOf } from '../api/actions';

const PHOTO_MAX_MB = 5;
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

function NameForm({ user }: { user: SessionUser }) {
  const { setUser } = useSession();
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting, isDirty }, reset } = useForm<{ name: string }>({
    defaultValues: { name: user.name },
  });
  const onSubmit = async (v: { name: string }) => {
    setErrorText(null);
    try {
      const me = dataOf<SessionUser>(await call(account, 'profile', { input: { name: v.name.trim() } }));
      setUser(me);
      reset({ name: me.name });
      notifySuccess('Nome atualizado.');
    } catch (e) {
      setErrorText(applyApiErrors(e, setError, ['name']));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="profile-name">
      <Typography id="profile-name" variant="h6" component="h2" gutterBottom>Dados pessoais</Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="Nome" autoComplete="name" fullWidth error={!!errors.name} helperText={errors.name?.message}
          {...mui(register('name', { required: 'Informe o nome.', maxLength: { value: 150, message: 'Use no máximo 150 caracteres.' } }))} />
        <TextField label="E-mail" value={user.email} fullWidth disabled helperText="O e-mail é alterado pelo administrador." />
        <Box><Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>Salvar</Button></Box>
      </Stack>
    </Box>
  );
}

function PhotoForm({ user }: { user: SessionUser }) {
  const { setUser } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) return notifyErrors(['Envie uma imagem PNG, JPEG, WebP ou GIF.']);
    if (file.size > PHOTO_MAX_MB * 1024 * 1024) return notifyErrors([`A foto deve ter até ${PHOTO_MAX_MB} MB.`]);
    const body = new FormData();
    body.append('photo', file);
    setSending(true);
    try {
      setUser(dataOf<SessionUser>(await api(actionPath(account.path, account.actions.profile_photo), { method: 'POST', body })));
      notifySuccess('Foto atualizada.');
    } catch (e) {
      notifyApiError(e);
    } finally {
      setSending(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <UserAvatar user={user} size={120} />
      <input ref={input} type="file" accept={PHOTO_TYPES.join(',')} hidden id="profile-photo" onChange={(e) => void onFile(e.target.files?.[0])} />
      <Button variant="outlined" startIcon={<PhotoCameraIcon />} disabled={sending} onClick={() => input.current?.click()}>
        {sending ? 'Enviando…' : 'Alterar foto'}
      </Button>
      <Typography variant="caption" color="text.secondary">PNG, JPEG, WebP ou GIF, até {PHOTO_MAX_MB} MB.</Typography>
    </Box>
  );
}

interface PasswordForm { current_password: string; password: string; password_confirmation: string }

function PasswordChange() {
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, getValues, reset, formState: { errors, isSubmitting } } = useForm<PasswordForm>({
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const onSubmit = async (v: PasswordForm) => {
    setErrorText(null);
    try {
      await call(account, 'profile', { input: v });
      reset();
      notifySuccess('Senha alterada.');
    } catch (e) {
      setErrorText(applyApiErrors(e, setError, ['current_password', 'password', 'password_confirmation']));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="profile-password">
      <Typography id="profile-password" variant="h6" component="h2" gutterBottom>Alterar senha</Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <PasswordField label="Senha atual" autoComplete="current-password" fullWidth error={!!errors.current_password}
          helperText={errors.current_password?.message}
          {...mui(register('current_password', { required: 'Informe a senha atual.' }))} />
        <PasswordField label="Nova senha" autoComplete="new-password" fullWidth error={!!errors.password}
          helperText={errors.password?.message ?? 'No mínimo 8 caracteres.'}
          {...mui(register('password', { required: 'Informe a nova senha.', minLength: { value: 8, message: 'A senha deve ter no mínimo 8 caracteres.' } }))} />
        <PasswordField label="Confirme a nova senha" autoComplete="new-password" fullWidth error={!!errors.password_confirmation}
          helperText={errors.password_confirmation?.message}
          {...mui(register('password_confirmation', { required: 'Confirme a nova senha.', validate: (x) => x === getValues('password') || 'As senhas não conferem.' }))} />
        <Box><Button type="submit" variant="contained" disabled={isSubmitting}>Alterar senha</Button></Box>
      </Stack>
    </Box>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>Perfil</Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <PhotoForm user={user} />
        </Paper>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 3 }}><NameForm user={user} /></Paper>
          <Paper variant="outlined" sx={{ p: 3 }}><PasswordChange /></Paper>
          <Paper variant="outlined" sx={{ p: 3 }}><MyDataSection /></Paper>
        </Stack>
      </Box>
    </Box>
  );
}
