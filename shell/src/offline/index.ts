/** Side-effect entry imported once by bootstrap.tsx: the manifest and the service worker (./register.ts). */
import { registerOffline } from './register';

registerOffline();
