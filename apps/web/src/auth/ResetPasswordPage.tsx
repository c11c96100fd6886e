/**
 * /auth/reset-password — two modes: without ?token= ask the e-mail (POST /api/forgot-password); with
 * ?token= choose the new password (POST /api/reset-password).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_RE, applyApiErrors, mui } from './formErrors';
import { PasswordField } from './PasswordField';
import { account } from '../api/account';
import { call } from '../api/actions';

function AskEmail() {
  const [done, setDone] = useState<string | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const onSubmit = async (v: { email: string }) => {
    setErrorText(null);
    try {
      const r = (await call(account, 'forgot_password', { input: { email: v.email.trim() }, skipAuthRedirect: true })) as { message?: string } | undefined;
      setDone(r?.message ?? 'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.');
    } catch (e) {
      setErrorText(applyApiErrors(e, setError, ['email']));
    }
  };
  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">{done}</Alert>
        <Link component={RouterLink} to="/auth/login">Voltar para o login</Link>
      </Stack>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2}>
        <Typography color="text.secondary">Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="E-mail" type="email" autoComplete="email" autoFocus fullWidth error={!!errors.email} helperText={errors.email?.message}
          {...mui(register('email', { required: 'Informe o e-mail.', pattern: { value: EMAIL_RE, message: 'Informe um e-mail válido.' } }))} />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>{isSubmitting ? 'Enviando…' : 'Enviar link'}</Button>
        <Link component={RouterLink} to="/auth/login">Voltar para o login</Link>
      </Stack>
    </Box>
  );
}

interface NewPasswordForm { password: string; password_confirmation: string }

function ChooseNewPassword({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, getValues, formState: { errors, isSubmitting } } = useForm<NewPasswordForm>({
    defaultValues: { password: '', password_confirmation: '' },
  });
  const onSubmit = async (v: NewPasswordForm) => {
    setErrorText(null);
    try {
      const r = (await call(account, 'reset_password', { input: { token, ...v }, skipAuthRedirect: true })) as { message?: string } | undefined;
      setDone(r?.message ?? 'Senha redefinida. Entre com a nova senha.');
    } catch (e) {
      setErrorText(applyApiErrors(e, setError, ['password', 'password_confirmation']));
    }
  };
  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">{done}</Alert>
        <Button variant="contained" component={RouterLink} to="/auth/login">Entrar</Button>
      </Stack>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2}>
        <Typography color="text.secondary">Escolha a nova senha da sua conta.</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <PasswordField label="Nova senha" autoComplete="new-password" autoFocus fullWidth error={!!errors.password}
          helperText={errors.password?.message ?? 'No mínimo 8 caracteres.'}
          {...mui(register('password', { required: 'Informe a nova senha.', minLength: { value: 8, message: 'A senha deve ter no mínimo 8 caracteres.' } }))} />
        <PasswordField label="Confirme a nova senha" autoComplete="new-password" fullWidth error={!!errors.password_confirmation}
          helperText={errors.password_confirmation?.message}
          {...mui(register('password_confirmation', { required: 'Confirme a nova senha.', validate: (x) => x === getValues('password') || 'As senhas não conferem.' }))} />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>{isSubmitting ? 'Salvando…' : 'Redefinir senha'}</Button>
        <Link component={RouterLink} to="/auth/reset-password">Pedir um novo link</Link>
      </Stack>
    </Box>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>Redefinir senha</Typography>
      {token ? <ChooseNewPassword token={token} /> : <AskEmail />}
    </>
  );
}
