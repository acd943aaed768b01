import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { appRegistry } from "../lib/apps/registry";
import { FullScreenLayout } from "./layouts/full-screen-layout";
import { PublicLayout } from "./layouts/public-layout";
import { lazyNamed, lazyScreen } from "./lazy-screen";
import { appScreens } from "./screens";
import { SignedOutOnly } from "./signed-out-only";

// The signed-in shell and the auth pages' frame load with the first screen that needs them.
const requireAuth = () =>
  lazyNamed(
    () => import("./require-auth"),
    (m) => m.RequireAuth,
  );

const DASHBOARD = "/dashboard";

/** Every app of the registry, as routes: dashboard ones in its shell, others full screen. */
const apps = appRegistry.flatMap((entry) => {
  const load = appScreens[entry.id];
  return load ? [{ entry, element: lazyScreen(load) }] : [];
});
const dashboardApps: RouteObject[] = apps
  .filter(({ entry }) => entry.route === DASHBOARD || entry.route.startsWith(`${DASHBOARD}/`))
  .map(({ entry, element }) =>
    entry.route === DASHBOARD
      ? { index: true, element }
      : { path: entry.route.slice(DASHBOARD.length + 1), element },
  );
const fullScreenApps: RouteObject[] = apps
  .filter(({ entry }) => !entry.route.startsWith(DASHBOARD))
  .map(({ entry, element }) => ({
    path: entry.route,
    element: requireAuth(),
    children: [{ element: <FullScreenLayout />, children: [{ index: true, element }] }],
  }));

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      {
        path: "/",
        element: lazyNamed(
          () => import("../features/marketing/landing-page"),
          (m) => m.LandingPage,
        ),
      },
      {
        path: "/about",
        element: lazyNamed(
          () => import("../features/marketing/about-page"),
          (m) => m.AboutPage,
        ),
      },
      {
        path: "/support",
        element: lazyNamed(
          () => import("../features/marketing/support-page"),
          (m) => m.SupportPage,
        ),
      },
      {
        path: "/marketplace",
        element: lazyNamed(
          () => import("../features/marketplace/marketplace-page"),
          (m) => m.MarketplacePage,
        ),
      },
      {
        path: "/docs/:page?",
        element: lazyNamed(
          () => import("../features/docs/docs-page"),
          (m) => m.DocsPage,
        ),
      },
      {
        path: "*",
        element: lazyNamed(
          () => import("../features/not-found/not-found-page"),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
  {
    path: "/auth",
    element: lazyNamed(
      () => import("./layouts/auth-layout"),
      (m) => m.AuthLayout,
    ),
    children: [
      {
        path: "login",
        element: (
          <SignedOutOnly>
            {lazyNamed(
              () => import("../features/auth/login-page"),
              (m) => m.LoginPage,
            )}
          </SignedOutOnly>
        ),
      },
      {
        path: "signup",
        element: (
          <SignedOutOnly>
            {lazyNamed(
              () => import("../features/auth/signup-page"),
              (m) => m.SignupPage,
            )}
          </SignedOutOnly>
        ),
      },
      {
        path: "forgot-password",
        element: lazyNamed(
          () => import("../features/auth/forgot-password-page"),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: "reset-password",
        element: lazyNamed(
          () => import("../features/auth/reset-password-page"),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: "verify-email",
        element: lazyNamed(
          () => import("../features/auth/verify-email-page"),
          (m) => m.VerifyEmailPage,
        ),
      },
    ],
  },
  {
    // An app's sign-in link that cannot be answered (unknown app or return address), in words.
    path: "/oauth/error",
    element: lazyNamed(
      () => import("./layouts/auth-layout"),
      (m) => m.AuthLayout,
    ),
    children: [
      {
        index: true,
        element: lazyNamed(
          () => import("../features/oauth-consent"),
          (m) => m.OAuthErrorPage,
        ),
      },
    ],
  },
  {
    // OAuth's consent screen: an MCP client's authorization request, after sign-in.
    path: "/oauth",
    element: requireAuth(),
    children: [
      {
        element: lazyNamed(
          () => import("./layouts/auth-layout"),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            path: "consent",
            element: lazyNamed(
              () => import("../features/oauth-consent"),
              (m) => m.OAuthConsentPage,
            ),
          },
        ],
      },
    ],
  },
  {
    path: "/console",
    element: requireAuth(),
    children: [
      {
        element: <FullScreenLayout />,
        children: [
          {
            index: true,
            element: lazyNamed(
              () => import("../features/console/console-page"),
              (m) => m.ConsolePage,
            ),
          },
        ],
      },
    ],
  },
  ...fullScreenApps,
  {
    path: DASHBOARD,
    element: requireAuth(),
    children: [
      {
        element: lazyNamed(
          () => import("./layouts/dashboard-layout"),
          (m) => m.DashboardLayout,
        ),
        children: [
          ...dashboardApps,
          // Spec: an unknown dashboard path falls back to the System Console.
          { path: "*", element: <Navigate to={DASHBOARD} replace /> },
        ],
      },
    ],
  },
]);
