import { createBrowserRouter, Navigate } from "react-router";
import { ToolsPage } from "../features/agents/tools-page";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page";
import { LoginPage } from "../features/auth/login-page";
import { ResetPasswordPage } from "../features/auth/reset-password-page";
import { SignupPage } from "../features/auth/signup-page";
import { ConsolePage } from "../features/console/console-page";
import { SystemConsolePage } from "../features/dashboard/system-console-page";
import { FilesPage } from "../features/files/files-page";
import { AboutPage } from "../features/marketing/about-page";
import { LandingPage } from "../features/marketing/landing-page";
import { SupportPage } from "../features/marketing/support-page";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { SettingsPage } from "../features/settings/settings-page";
import { TerminalPage } from "../features/terminal/terminal-page";
import { AuthLayout } from "./layouts/auth-layout";
import { DashboardLayout } from "./layouts/dashboard-layout";
import { FullScreenLayout } from "./layouts/full-screen-layout";
import { PublicLayout } from "./layouts/public-layout";
import { RequireAuth } from "./require-auth";

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "/about", element: <AboutPage /> },
      { path: "/support", element: <SupportPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  {
    path: "/auth",
    element: <AuthLayout />,
    children: [
      { path: "login", element: <LoginPage /> },
      { path: "signup", element: <SignupPage /> },
      { path: "forgot-password", element: <ForgotPasswordPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
    ],
  },
  {
    path: "/console",
    element: <RequireAuth />,
    children: [{ element: <FullScreenLayout />, children: [{ index: true, element: <ConsolePage /> }] }],
  },
  {
    path: "/terminal",
    element: <RequireAuth />,
    children: [{ element: <FullScreenLayout />, children: [{ index: true, element: <TerminalPage /> }] }],
  },
  {
    path: "/dashboard",
    element: <RequireAuth />,
    children: [
      {
        element: <DashboardLayout />,
        children: [
          { index: true, element: <SystemConsolePage /> },
          { path: "settings", element: <SettingsPage /> },
          { path: "tools", element: <ToolsPage /> },
          { path: "files", element: <FilesPage /> },
          // Spec: an unknown dashboard path falls back to the System Console.
          { path: "*", element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
]);
