import { resetPasswordFormSchema } from "@neuroos/contracts";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage, HttpError } from "@/lib/api";
import { useValidatedForm } from "@/lib/form-validation";
import { useResetPassword } from "@/lib/resources/auth";
import { toast } from "@/lib/toast";
import { AuthCard, BadLinkAlert } from "./auth-card";

const INVALID_LINK = "This reset link is invalid or has expired";

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get("token") ?? "";
  const reset = useResetPassword();
  const { errors, handleSubmit } = useValidatedForm(
    resetPasswordFormSchema,
    ({ token, password }) =>
      reset.mutate(
        { token, password },
        {
          onSuccess: (message) => {
            toast({ title: "Password reset", description: message });
            navigate("/auth/login");
          },
          onError: (error) => {
            if (error instanceof HttpError && error.code === "invalid_token") return;
            toast({
              variant: "destructive",
              title: "Reset failed",
              description: errorMessage(error, "Something went wrong. Please try again."),
            });
          },
        },
      ),
    () => ({ token }),
  );
  const invalidToken =
    !token ||
    errors.token !== undefined ||
    (reset.error instanceof HttpError && reset.error.code === "invalid_token");

  return (
    <AuthCard
      title="Choose a new password"
      description="Your new password must be at least 8 characters long."
      footer={
        <p>
          <TextLink to="/auth/login">Back to sign in</TextLink>
        </p>
      }
    >
      {invalidToken ? (
        <BadLinkAlert message={errorMessage(reset.error, INVALID_LINK)}>
          <TextLink to="/auth/forgot-password">Request a new reset link</TextLink>
        </BadLinkAlert>
      ) : null}
      {token ? (
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          <TextField
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
          />
          <TextField
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <Button type="submit" size="lg" disabled={reset.isPending} className="w-full">
            {reset.isPending ? "Saving..." : "Set new password"}
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
}
