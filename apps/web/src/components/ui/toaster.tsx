import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "@/lib/cn";
import { dismissToast, useToasts } from "@/lib/toast";

/** Spec: shown for 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region. */
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** The toasts and their region (loaded with the first toast, see `Toasts`). */
export function Toaster() {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      <ToastList />
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}

function ToastList() {
  const toasts = useToasts();
  return toasts.map((t) => (
    <ToastPrimitive.Root
      key={t.id}
      open={t.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(t.id);
      }}
      className={cn(
        "toast-root relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
        t.variant === "destructive"
          ? "border-destructive bg-destructive text-destructive-foreground"
          : "border-border bg-card text-card-foreground",
      )}
    >
      <div className="grid gap-1">
        <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
        {t.description ? (
          <ToastPrimitive.Description className="text-sm opacity-90">
            {t.description}
          </ToastPrimitive.Description>
        ) : null}
        {t.action ? (
          <ToastPrimitive.Action
            altText={`${t.action.label}: ${t.title}`}
            onClick={t.action.run}
            className="justify-self-start rounded-md border border-current px-2 py-1 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t.action.label}
          </ToastPrimitive.Action>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label="Close notification"
        className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  ));
}
