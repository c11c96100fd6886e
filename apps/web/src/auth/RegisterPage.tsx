/**
 * /auth/register — self-registration (cultural registry), where the entity allows it. The server answers the same
 * whether the e-mail is new or already has an account (the owner is told by e-mail), so the page does not sign in:
 * it says what happens next and leads to the sign-in.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
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

interface Form { name: string; email: string; password: string; password_confirmation: string; company_id: string }

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fixedCompany = params.get('entidade');
  const [error, setErrorText] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const { register, handleSubmit, setError, getValues, formState: { errors, isSubmitting } } = useForm<Form>({
    defaultValues: { name: '', email: '', password: '', password_confirmation: '', company_id: fixedCompany ?? '' },
  });

  const onSubmit = async (v: Form) => {
    setErrorText(null);
    try {
      const r = (await call(account, 'register', {
        input: { ...v, name: v.name.trim(), email: v.email.trim(), company_id: Number(v.company_id) },
        skipAuthRedirect: true,
      })) as { message: string };
      setDone({ message: r.message, email: v.email.trim() });
    } catch (e) {
      setErrorText(applyApiErrors(e, setError, ['name', 'email', 'password', 'password_confirmation', 'company_id']));
    }
  };

  if (done) {
    return (
      <Box aria-labelledby="register-title">
        <Typography id="register-title" variant="h6" component="h1" sx={{ mb: 2 }}>Cadastro recebido</Typography>
        <Stack spacing={2}>
          <Alert severity="success" role="status">{done.message}</Alert>
          <Typography variant="body2">
            Confira a caixa de entrada de <strong>{done.email}</strong> (e a pasta de spam). Se este e-mail já tinha conta, a mensagem explica
            como entrar com ela.
          </Typography>
          <Button variant="contained" size="large" onClick={() => navigate('/auth/login')}>Ir para a entrada</Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="register-title">
      <Typography id="register-title" variant="h6" component="h1" sx={{ mb: 2 }}>Criar conta</Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="Nome completo" autoComplete="name" fullWidth error={!!errors.name} helperText={errors.name?.message}
          {...mui(register('name', { required: 'Informe o nome.', maxLength: { value: 150, message: 'Use no máximo 150 caracteres.' } }))} />
        <TextField label="E-mail" type="email" autoComplete="email" fullWidth error={!!errors.email} helperText={errors.email?.message}
          {...mui(register('email', { required: 'Informe o e-mail.', pattern: { value: EMAIL_RE, message: 'Informe um e-mail válido.' } }))} />
        <PasswordField label="Senha" autoComplete="new-password" fullWidth error={!!errors.password}
          helperText={errors.password?.message ?? 'No mínimo 8 caracteres.'}
          {...mui(register('password', { required: 'Informe a senha.', minLength: { value: 8, message: 'A senha deve ter no mínimo 8 caracteres.' } }))} />
        <PasswordField label="Confirme a senha" autoComplete="new-password" fullWidth error={!!errors.password_confirmation}
          helperText={errors.password_confirmation?.message}
          {...mui(register('password_confirmation', {
            required: 'Confirme a senha.',
            validate: (x) => x === getValues('password') || 'As senhas não conferem.',
          }))} />
        {fixedCompany ? (
          <input type="hidden" {...register('company_id')} />
        ) : (
          <TextField label="Código da entidade" inputMode="numeric" fullWidth error={!!errors.company_id}
            helperText={errors.company_id?.message ?? 'Informado pela prefeitura ou câmara.'}
            {...mui(register('company_id', { required: 'Informe o código da entidade.', pattern: { value: /^\d+$/, message: 'Use apenas números.' } }))} />
        )}
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Enviando…' : 'Cadastrar'}
        </Button>
        <Link component={RouterLink} to="/auth/login">Já tenho conta: entrar</Link>
      </Stack>
    </Box>
  );
}
