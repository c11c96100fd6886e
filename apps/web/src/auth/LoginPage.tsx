/**
 * /auth/login — e-mail and password; a refused licence (403) goes to the message layout. Plain React state
 * (no form library): this is the page every visitor downloads first.
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/client';
import { login } from '../session/store';
import { safeNext } from '../session/paths';
import { EMAIL_RE } from './formErrors';
import { PasswordField } from './PasswordField';
import { TextInput } from './TextInput';

type Errors = Partial<Record<'email' | 'password', string>>;

export function validateLogin(email: string, password: string): Errors {
  const e: Errors = {};
  if (!email.trim()) e.email = 'Informe o e-mail.';
  else if (!EMAIL_RE.test(email.trim())) e.email = 'Informe um e-mail válido.';
  if (!password) e.password = 'Informe a senha.';
  return e;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setError(null);
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setBusy(true);
    try {
      await login(email.trim(), password);
      await navigate(safeNext(params.get('next')), { replace: true });
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.status === 403) {
        await navigate('/mensagem', { state: { message: e.message } });
        return;
      }
      if (e instanceof ApiError && e.status === 422 && Object.keys(e.errors).length) {
        setErrors({ email: e.errors.email?.[0], password: e.errors.password?.[0] });
        const rest = Object.entries(e.errors).filter(([k]) => k !== 'email' && k !== 'password').flatMap(([, m]) => m);
        if (rest.length) setError(rest.join(' '));
      } else setError(e instanceof Error ? e.message : 'Não foi possível entrar.');
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="login-title">
      <Typography id="login-title" variant="h6" component="h1" sx={{ mb: 2 }}>Entrar</Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        <TextInput
          id="login-email"
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!errors.email}
          helperText={errors.email}
        />
        <PasswordField
          id="login-password"
          name="password"
          label="Senha"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!errors.password}
          helperText={errors.password}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Entrando…' : 'Entrar'}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/auth/reset-password">Esqueci minha senha</Link>
          <Link component={RouterLink} to="/auth/register">Criar conta</Link>
        </Box>
      </Stack>
    </Box>
  );
}
