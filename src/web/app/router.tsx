import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { guardedRoutes } from '../../../machines/routes';
import { PageTitle } from '../views/PageTitle';
import { CallbackPage } from '../views/auth/CallbackPage';
import { EmailVerificationSentPage } from '../views/auth/EmailVerificationSentPage';
import { ForgotPasswordPage } from '../views/auth/ForgotPasswordPage';
import { LoginPage } from '../views/auth/LoginPage';
import { RegisterPage } from '../views/auth/RegisterPage';
import { ResetPasswordPage } from '../views/auth/ResetPasswordPage';
import { AppLayout } from '../views/shell/AppLayout';
import { SubscriptionSuccessPage } from '../views/subscription/SubscriptionSuccessPage';
import { FeatureGate, Guard, Loading } from './Guard';
import { pages } from './pages';

function GuardedPage({ path, title }: { path: string; title: string }) {
  const Page = pages[path];
  return (
    <FeatureGate title={title}>
      {Page ? (
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      ) : (
        <PageTitle title={title} />
      )}
    </FeatureGate>
  );
}

/** Spec §2 routes: public pages, guarded pages inside the app shell, unknown paths to /login. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <Guard />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/register', element: <RegisterPage /> },
        { path: '/email-verification-sent', element: <EmailVerificationSentPage /> },
        { path: '/verify-email', element: <CallbackPage kind="email" /> },
        { path: '/oauth-callback', element: <CallbackPage kind="oauth" /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/subscription/success', element: <SubscriptionSuccessPage /> },
        { path: '/', element: null },
        {
          element: <AppLayout />,
          children: guardedRoutes.map((route) => ({ path: route.path, element: <GuardedPage path={route.path} title={route.title} /> })),
        },
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ]);
}
export type AppRouter = ReturnType<typeof createRouter>;
