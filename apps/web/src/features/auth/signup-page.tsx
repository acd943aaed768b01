import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage, HttpError } from "@/lib/api";
import { useValidatedForm } from "@/lib/form-validation";
import { useSignup } from "@/lib/resources/auth";
import { toast } from "@/lib/toast";
import { AuthCard } from "./auth-card";
import { SignupBenefits } from "./signup-benefits";

export function SignupPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const { errors, setErrors, handleSubmit } = useValidatedForm(
    () => import("@neuroos/contracts/auth").then((m) => m.signupFormSchema),
    ({ email, username, password }) => {
      // The sign-in screen comes next: its code loads while the account is being created.
      void import("./login-page");
      signup.mutate(
        { email, username, password },
        {
          onSuccess: () => {
            toast({
              title: "Account created successfully!",
              description: "Please check your email to verify your account.",
            });
            navigate("/auth/login");
          },
          onError: (error) => {
            if (error instanceof HttpError && error.fields) setErrors(error.fields);
            toast({
              variant: "destructive",
              title: "Sign up failed",
              description: errorMessage(error, "Something went wrong. Please try again."),
            });
          },
        },
      );
    },
  );

  return (
    <AuthCard
      title="Create your account"
      description="Start your free trial of the NeuroOS workspace."
      footer={
        <>
          <p>
            Already have an account? <TextLink to="/auth/login">Sign in</TextLink>
          </p>
          <p>
            <TextLink to="/">Back to Home</TextLink>
          </p>
        </>
      }
    >
      <SignupBenefits />
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <TextField name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
        <TextField name="username" label="Username" autoComplete="username" error={errors.username} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
        />
        <TextField
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" disabled={signup.isPending} className="w-full">
          {signup.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
    </AuthCard>
  );
}
