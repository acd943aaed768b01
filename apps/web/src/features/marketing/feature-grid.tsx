import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { productFeatures } from "./product-content";

/**
 * The product's features as a responsive grid of cards. Each card leads to its screen: the title is
 * the link, stretched over the whole card so any of it can be clicked, with the focus ring on the card.
 */
export function FeatureGrid({ className }: { className?: string }) {
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {productFeatures.map(({ icon: Icon, title, text, href }) => (
        <li key={title}>
          <Card className="relative h-full p-6 transition-colors focus-within:outline-2 focus-within:outline-ring hover:bg-accent/40">
            <span className="mb-4 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="font-semibold">
              <Link to={href} className="outline-none after:absolute after:inset-0 after:content-['']">
                {title}
              </Link>
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
