import { useLayoutEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';
import { guardedRoutes } from '../../../machines/routes';
import { PageTitle } from '../views/PageTitle';
import { LoginPage } from '../views/auth/LoginPage';
import { FeatureGate, Guard } from './Guard';
import { Loaded } from './lazy';
import { AppLayout, CallbackPage, EmailVerificationSentPage, ForgotPasswordPage, pages, RegisterPage, ResetPasswordPage, SubscriptionSuccessPage } from './pages';

function GuardedPage({ path, title }: { path: string; title: string }) {
  const Page = pages[path];
  return (
    <FeatureGate title={title}>
      {Page ? (
        <Loaded>
          <Page />
        </Loaded>
      ) : (
        <PageTitle title={title} />
      )}
    </FeatureGate>
  );
}

/**
 * The app's router: navigation for the actors (outside React), and its routes. Declarative routes
 * (BrowserRouter) rather than a data router: nothing here loads data through the router, and the
 * data router is about 17 KB of gzipped JavaScript in the first load of /login.
 */
export function createRouter() {
  const bound: { navigate?: NavigateFunction } = {};
  return {
    /** Called once React Router is mounted; returns the unbind. */
    bind(navigate: NavigateFunction) {
      bound.navigate = navigate;
      return () => void (bound.navigate = undefined);
    },
    navigate(to: string, options?: { replace?: boolean }) {
      // After the current React commit: BrowserRouter starts listening to history in a layout effect of its own,
      // which runs after those of the pages inside it, so a redirect the app machine decides during the first
      // commit (the Guard forwards the location from a layout effect) would otherwise change the URL unseen.
      queueMicrotask(() => {
        if (bound.navigate) void bound.navigate(to, options);
        else if (options?.replace) window.history.replaceState(null, '', to); // before the first render: BrowserRouter starts from it
        else window.history.pushState(null, '', to);
      });
    },
  };
}
export type AppRouter = ReturnType<typeof createRouter>;

/** Hands React Router's navigate to the router object once mounted. */
function BindNavigate({ router }: { router: AppRouter }) {
  const navigate = useNavigate();
  // A layout effect: bound before the Guard below forwards the first location (its layout effect runs after this one),
  // so the app machine's first redirect goes through React Router, not around it.
  useLayoutEffect(() => router.bind(navigate), [navigate, router]);
  return null;
}

/** The routes ([spec:2-public-routes], [spec:2-guarded-routes], [spec:2-redirects]): public pages, guarded pages inside the app shell, unknown paths to /login. */
export function AppRoutes({ router }: { router: AppRouter }) {
  return (
    <BrowserRouter>
      <BindNavigate router={router} />
      <Routes>
        <Route element={<Guard />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<Loaded><RegisterPage /></Loaded>} />
          <Route path="/email-verification-sent" element={<Loaded><EmailVerificationSentPage /></Loaded>} />
          <Route path="/verify-email" element={<Loaded><CallbackPage kind="email" /></Loaded>} />
          <Route path="/oauth-callback" element={<Loaded><CallbackPage kind="oauth" /></Loaded>} />
          <Route path="/forgot-password" element={<Loaded><ForgotPasswordPage /></Loaded>} />
          <Route path="/reset-password" element={<Loaded><ResetPasswordPage /></Loaded>} />
          <Route path="/subscription/success" element={<Loaded><SubscriptionSuccessPage /></Loaded>} />
          <Route path="/" element={null} />
          <Route element={<Loaded><AppLayout /></Loaded>}>
            {guardedRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<GuardedPage path={route.path} title={route.title} />} />
            ))}
          </Route>
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
