import { startEarlyRequests } from './earlyRequests';
import { registerStartupPaths } from './registerStartup';

try {
  const token = localStorage.getItem('bearerToken');
  if (token) startEarlyRequests(registerStartupPaths(window.location.pathname, localStorage), token);
} catch {
  // No storage (private mode): the page asks for what it needs itself.
}
