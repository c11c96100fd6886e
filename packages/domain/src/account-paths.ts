/**
 * Where the account calls are (account.ts declares them whole, with their inputs): method and path from the API
 * root. Apart from the schemas so a screen can call them without downloading zod (the sign-in screen's budget).
 */
export const ACCOUNT_PATHS = {
  login: { method: 'POST', path: '/login' },
  load_user: { method: 'GET', path: '/load-user' },
  load_session: { method: 'POST', path: '/load-session' },
  logout: { method: 'POST', path: '/logout' },
  choose_company: { method: 'POST', path: '/session/company' },
  forgot_password: { method: 'POST', path: '/forgot-password' },
  reset_password: { method: 'POST', path: '/reset-password' },
  register: { method: 'POST', path: '/register' },
  profile: { method: 'PUT', path: '/profile' },
  profile_photo: { method: 'POST', path: '/profile/photo' },
  front_log: { method: 'POST', path: '/logfront' },
  front_log_public: { method: 'POST', path: '/logfrontPublic' },
  inbox: { method: 'GET', path: '/inbox' },
  my_data: { method: 'GET', path: '/profile/data' },
  privacy_contact: { method: 'GET', path: '/profile/privacy' },
} as const;
