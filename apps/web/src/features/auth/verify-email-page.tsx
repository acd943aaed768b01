import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage } from "@/lib/api";
import { useCurrentUser } from "@/lib/current-user";
import { useVerifyEmail } from "@/lib/resources/email-verification";
import { AuthCard, BadLinkAlert } from "./auth-card";

const INVALID_LINK = "This verification link is invalid or has expired";

/** /auth/verify-email?token=…: the link mailed at sign-up; opening it verifies the address. */
export function VerifyEmailPage() {
  const token = useSearchParams()[0].get("token") ?? "";
  const verify = useVerifyEmail();
  const signedIn = Boolean(useCurrentUser().data);
  const { mutate } = verify;
  useEffect(() => {
    if (token.length >= 16) mutate(token);
  }, [token, mutate]);
  const failed = token.length < 16 || verify.isError;

  return (
    <AuthCard
      title="Verify your email address"
      description="The link we mailed you at sign-up confirms the address is yours."
      footer={
        <p>
          {signedIn ? (
            <TextLink to="/dashboard/settings">Back to Settings</TextLink>
          ) : (
            <TextLink to="/auth/login">Go to sign in</TextLink>
          )}
        </p>
      }
    >
      {failed ? (
        <BadLinkAlert message={errorMessage(verify.error, INVALID_LINK)}>
          Signed in, you can ask for a new link in Settings.
        </BadLinkAlert>
      ) : verify.isSuccess ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
          {verify.data}
        </p>
      ) : (
        <Spinner label="Verifying your address..." />
      )}
    </AuthCard>
  );
}
