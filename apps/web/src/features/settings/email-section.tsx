import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useEmailVerification, useSendVerificationAgain } from "@/lib/resources/email-verification";
import { toast } from "@/lib/toast";

/** Settings: the account's email address and whether it is verified (a link can be sent again). */
export function EmailSection() {
  const status = useEmailVerification();
  const send = useSendVerificationAgain();
  return (
    <Card className="grid gap-2 p-4 sm:p-6" aria-labelledby="email-heading" role="region">
      <h2 id="email-heading" className="text-lg font-semibold">
        Email address
      </h2>
      {status.isPending ? (
        <Spinner label="Loading..." />
      ) : status.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(status.error, "Whether your address is verified could not be read.")}
        </p>
      ) : (
        <>
          <p className="text-sm">
            <span className="break-all font-medium">{status.data.email}</span>{" "}
            {status.data.verified ? "Verified." : "Not verified."}
          </p>
          {status.data.verified ? null : status.data.canSend ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm text-muted-foreground">
                Open the link we mailed you at sign-up to verify it.
              </p>
              <Button
                size="sm"
                variant="outline"
                disabled={send.isPending}
                onClick={() =>
                  send.mutate(undefined, {
                    onSuccess: (message) => toast({ title: "Link sent", description: message }),
                    onError: (error) =>
                      toast({
                        variant: "destructive",
                        title: "Link not sent",
                        description: errorMessage(error, "The link could not be sent. Try again later."),
                      }),
                  })
                }
              >
                {send.isPending ? "Sending..." : "Send the link again"}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              This server does not send mail, so no verification link was sent.
            </p>
          )}
        </>
      )}
    </Card>
  );
}
