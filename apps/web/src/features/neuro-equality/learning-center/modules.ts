import type { LearningModule } from "./lesson-types";
import { art, coding } from "./lessons-coding-art";
import { math, reading } from "./lessons-math-reading";

/** The Learning Center's sample modules, in the order shown: math, reading, coding, art. */
export const learningModules: LearningModule[] = [math, reading, coding, art];
