/**
 * What the front ends share of react-router (« speed on a phone »). A shared singleton
 * cannot be tree-shaken (no build knows what the others use), so sharing `react-router` itself put its
 * whole index on the register page — data routers, server rendering, cookies: ~60 KB gzip. Every build
 * shares this module under the key `react-router` instead: only the names below, identical in every
 * build so any build's copy serves them all. `rspack.ts` points `@kermesse/react-router-impl` at the
 * package's production build (a request the share does not catch). A name used by a front end and
 * missing here fails `shell/ui-kit/src/reactRouterShared.test.ts`.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '@kermesse/react-router-impl';
