import { Crown } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { TextField } from "@/components/ui/text-field";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage } from "@/lib/api";
import { useValidatedForm } from "@/lib/form-validation";
import { useLogin } from "@/lib/resources/auth";
import { safeNextPath } from "@/lib/safe-next";
import { toast } from "@/lib/toast";
import { AuthCard } from "./auth-card";

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [rememberMe, setRememberMe] = useState(false);
  const login = useLogin();
  const { errors, handleSubmit } = useValidatedForm(
    () => import("@neuroos/contracts/auth").then((m) => m.loginSchema),
    (input) =>
      login.mutate(input, {
        onSuccess: () => {
          toast({ title: "Welcome back!", description: "You have been successfully logged in." });
          navigate(safeNextPath(searchParams.get("next")), { replace: true });
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Login failed",
            description: errorMessage(error, "Invalid email or password."),
          }),
      }),
    () => ({ rememberMe }),
  );

  return (
    <AuthCard
      title="Sign in to NeuroOS"
      description="Welcome back. Enter your details to open your workspace."
      footer={
        <>
          <p>
            Don&apos;t have an account? <TextLink to="/auth/signup">Sign up</TextLink>
          </p>
          <p>
            <TextLink to="/">Back to Home</TextLink>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <TextField name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Checkbox
              id="remember-me"
              checked={rememberMe}
              onCheckedChange={(checked) => setRememberMe(checked === true)}
            />
            <Label htmlFor="remember-me">Remember me</Label>
          </div>
          <TextLink to="/auth/forgot-password" className="text-sm">
            Forgot password?
          </TextLink>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <aside
        aria-label="Executive Access"
        className="mt-6 flex gap-3 rounded-lg border border-border bg-muted p-3 text-sm"
      >
        <Crown className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <p className="text-muted-foreground">
          <span className="font-semibold text-foreground">Executive Access:</span> leadership of our partner
          organisations automatically receives lifetime Pro access.
        </p>
      </aside>
    </AuthCard>
  );
}
