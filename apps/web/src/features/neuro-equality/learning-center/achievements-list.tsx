import { Lock, Trophy } from "lucide-react";
import { Card } from "@/components/ui/card";
import { formatDay } from "./format";
import type { AchievementStatus } from "./progress";

/** The achievements: each with its rule, and when it was earned or how far along the person is. */
export function AchievementsList({ achievements }: { achievements: AchievementStatus[] }) {
  return (
    <section aria-labelledby="achievements-title" className="grid gap-3">
      <h2 id="achievements-title" className="text-lg font-semibold">
        Achievements
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {achievements.map((a) => {
          const earned = a.earnedAt !== null;
          const Icon = earned ? Trophy : Lock;
          return (
            <li key={a.id}>
              <Card className="flex h-full items-start gap-3 p-4">
                <Icon
                  aria-hidden="true"
                  className={
                    earned
                      ? "mt-0.5 size-5 shrink-0 text-warning"
                      : "mt-0.5 size-5 shrink-0 text-muted-foreground"
                  }
                />
                <div className="grid gap-1">
                  <h3 id={`achievement-${a.id}`} className="font-semibold">
                    {a.name}
                  </h3>
                  <p className="text-sm text-muted-foreground">{a.rule}</p>
                  <p className="text-sm font-medium">
                    {a.earnedAt !== null
                      ? `Earned on ${formatDay(a.earnedAt)}`
                      : `Not earned yet: ${a.progressText}`}
                  </p>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
