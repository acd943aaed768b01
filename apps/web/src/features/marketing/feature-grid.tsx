import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { productFeatures } from "./product-content";

/** The product's features as a responsive grid of cards. */
export function FeatureGrid({ className }: { className?: string }) {
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {productFeatures.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Card className="h-full p-6">
            <span className="mb-4 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
