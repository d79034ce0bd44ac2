/** The sign-in feature's door. */
export { SignInScreen } from './SignInScreen';
