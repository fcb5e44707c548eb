// Words shared by several account screens (login, registration, password reset, licence details).
import { defineMessages } from 'react-intl';

export const shared = defineMessages({
  email: { id: 'accounts.field.email', defaultMessage: 'Email', description: 'Label of the email address field on the login, register and forgot-password forms.' },
  password: { id: 'accounts.field.password', defaultMessage: 'Password', description: 'Label of the password field (login, register).' },
  backToLogin: { id: 'accounts.backToLogin', defaultMessage: 'Back to login', description: 'Link back to the login screen.' },
  login: { id: 'accounts.login.title', defaultMessage: 'Login', description: 'The login screen\'s title, its submit button and links to it.' },
  register: { id: 'accounts.register.title', defaultMessage: 'Register', description: 'The registration screen\'s title, its submit button and links to it.' },
});
