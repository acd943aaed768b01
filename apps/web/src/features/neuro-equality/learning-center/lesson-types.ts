/** The shape of the Learning Center's content: modules of short lessons of four types. */

export const lessonTypes = ["video", "interactive", "quiz", "practice"] as const;
export type LessonType = (typeof lessonTypes)[number];
export type Difficulty = "easy" | "medium" | "hard";

/** How each lesson type is named on screen ('video' is an illustrated walkthrough: no video is shipped). */
export const lessonTypeLabels: Record<LessonType, string> = {
  video: "Watch-and-read",
  interactive: "Interactive",
  quiz: "Quiz",
  practice: "Practice",
};

export interface Swatch {
  name: string;
  hex: string;
}

/** A still picture drawn for a step of a walkthrough (or beside a practice question). */
export type Illustration =
  | { kind: "fraction"; parts: number; shaded: number }
  | { kind: "words"; text: string; marks: string[] }
  | { kind: "code"; lines: string[]; highlight?: number; output?: string }
  | { kind: "swatches"; colors: Swatch[] }
  | { kind: "mix"; left: Swatch; right: Swatch; result: Swatch | null };

export interface WalkthroughStep {
  title: string;
  text: string;
  illustration: Illustration;
}

export interface OrderItem {
  label: string;
  swatch?: string;
}

export type InteractiveTask =
  | { kind: "fraction"; instruction: string; parts: number; target: number; explanation: string }
  /** `items` in the right order; `start` is the order shown first (indexes into items). */
  | {
      kind: "order";
      instruction: string;
      items: OrderItem[];
      start: number[];
      explanation: string;
      /** The items are lines of code (shown in a code font). */
      code?: boolean;
    };

export interface QuizQuestion {
  id: string;
  prompt: string;
  options: string[];
  /** Index of the right option. */
  answer: number;
  explanation: string;
}

export interface PracticeTask {
  prompt: string;
  /** A small program to read, shown as code. */
  code?: string[];
  illustration?: Illustration;
  /** Accepted answers (compared without case, spaces at the ends or a final full stop). */
  answers: string[];
  hint: string;
  explanation: string;
}

interface LessonBase {
  id: string;
  title: string;
  /** e.g. '5 min'. */
  duration: string;
}

export type Lesson =
  | (LessonBase & { type: "video"; steps: WalkthroughStep[] })
  | (LessonBase & { type: "interactive"; task: InteractiveTask })
  | (LessonBase & { type: "quiz"; questions: QuizQuestion[] })
  | (LessonBase & { type: "practice"; task: PracticeTask });

export interface LearningModule {
  id: string;
  title: string;
  description: string;
  difficulty: Difficulty;
  lessons: Lesson[];
}
