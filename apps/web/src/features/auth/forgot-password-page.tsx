import { forgotPasswordSchema } from "@neuroos/contracts";
import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage } from "@/lib/api";
import { useValidatedForm } from "@/lib/form-validation";
import { useForgotPassword } from "@/lib/resources/auth";
import { toast } from "@/lib/toast";
import { AuthCard } from "./auth-card";

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { errors, handleSubmit } = useValidatedForm(forgotPasswordSchema, (input) =>
    forgot.mutate(input, {
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Request failed",
          description: errorMessage(error, "Something went wrong. Please try again."),
        }),
    }),
  );

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <TextLink to="/auth/login">Back to sign in</TextLink>
        </p>
      }
    >
      {forgot.isSuccess ? (
        <div role="status" className="flex gap-3 rounded-lg border border-border bg-muted p-4 text-sm">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">Check your email</p>
            <p className="text-muted-foreground">{forgot.data}</p>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          <TextField name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
          <Button type="submit" size="lg" disabled={forgot.isPending} className="w-full">
            {forgot.isPending ? "Sending link..." : "Send reset link"}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
