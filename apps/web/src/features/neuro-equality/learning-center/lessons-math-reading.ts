import type { LearningModule } from "./lesson-types";

/** The math and reading modules of the Learning Center, with their lessons. */

export const math: LearningModule = {
  id: "math",
  title: "Math: Fractions",
  description: "What fractions mean, how to build them, and how to use them with everyday things.",
  difficulty: "medium",
  lessons: [
    {
      id: "math-what-is-a-fraction",
      title: "What is a fraction?",
      type: "video",
      duration: "5 min",
      steps: [
        {
          title: "One whole",
          text: "This bar is one whole, cut into 4 equal parts. A fraction tells you how many of those equal parts you have.",
          illustration: { kind: "fraction", parts: 4, shaded: 0 },
        },
        {
          title: "One quarter",
          text: "Shade 1 of the 4 parts: that is one quarter, written 1/4. The bottom number (the denominator) says how many equal parts the whole has; the top number (the numerator) says how many you take.",
          illustration: { kind: "fraction", parts: 4, shaded: 1 },
        },
        {
          title: "Three quarters",
          text: "Shade 3 of the 4 parts: 3/4. The bigger the numerator, the more of the whole is shaded.",
          illustration: { kind: "fraction", parts: 4, shaded: 3 },
        },
        {
          title: "Same amount, different names",
          text: "Cut the bar into 2 parts and shade 1: that is 1/2, the same amount as 2/4. Fractions that name the same amount are called equivalent.",
          illustration: { kind: "fraction", parts: 2, shaded: 1 },
        },
      ],
    },
    {
      id: "math-build-a-fraction",
      title: "Build a fraction",
      type: "interactive",
      duration: "5 min",
      task: {
        kind: "fraction",
        instruction: "Shade 3/8 of the bar: choose parts to shade or unshade them, then check.",
        parts: 8,
        target: 3,
        explanation: "3/8 means 3 of 8 equal parts, so exactly 3 parts are shaded.",
      },
    },
    {
      id: "math-fractions-quiz",
      title: "Fractions check",
      type: "quiz",
      duration: "5 min",
      questions: [
        {
          id: "shaded",
          prompt: "2 of 5 equal parts of a bar are shaded. Which fraction is shaded?",
          options: ["5/2", "2/5", "2/3", "3/5"],
          answer: 1,
          explanation: "The shaded parts (2) go on top, all the equal parts (5) at the bottom: 2/5.",
        },
        {
          id: "bigger",
          prompt: "Which is bigger: 1/2 or 1/4?",
          options: ["1/2", "1/4", "They are the same"],
          answer: 0,
          explanation:
            "Halves are bigger pieces than quarters: cutting a whole into fewer parts makes each part bigger.",
        },
        {
          id: "equivalent",
          prompt: "Which fraction is equal to 1/2?",
          options: ["2/3", "1/3", "3/6", "2/5"],
          answer: 2,
          explanation: "3 is half of 6, so 3/6 is the same amount as 1/2.",
        },
      ],
    },
    {
      id: "math-slices-left",
      title: "Slices left",
      type: "practice",
      duration: "5 min",
      task: {
        prompt: "A pizza is cut into 8 equal slices. You eat 3/8 of it. How many slices are left?",
        illustration: { kind: "fraction", parts: 8, shaded: 3 },
        answers: ["5", "five", "5 slices", "5/8"],
        hint: "The pizza has 8 slices and 3 of them are eaten.",
        explanation: "8 − 3 = 5 slices are left: 5/8 of the pizza.",
      },
    },
  ],
};

export const reading: LearningModule = {
  id: "reading",
  title: "Reading: Meaning",
  description: "Find the main idea, follow the order of events and work out words from their context.",
  difficulty: "easy",
  lessons: [
    {
      id: "reading-main-idea",
      title: "Finding the main idea",
      type: "video",
      duration: "4 min",
      steps: [
        {
          title: "Read it all once",
          text: "Read the whole paragraph once, without stopping, to get a feel for it.",
          illustration: {
            kind: "words",
            text: "Bees visit flowers to drink nectar. Pollen sticks to their bodies and travels to the next flower. This helps plants make seeds.",
            marks: [],
          },
        },
        {
          title: "Spot the key words",
          text: "Look for the words that carry the meaning, often nouns that come back: here bees, flowers, pollen and seeds.",
          illustration: {
            kind: "words",
            text: "Bees visit flowers to drink nectar. Pollen sticks to their bodies and travels to the next flower. This helps plants make seeds.",
            marks: ["bees", "flowers", "flower", "pollen", "seeds"],
          },
        },
        {
          title: "Say it in one sentence",
          text: "Ask: what is this mostly about? Main idea: bees help plants make seeds by carrying pollen between flowers.",
          illustration: {
            kind: "words",
            text: "Bees help plants make seeds by carrying pollen between flowers.",
            marks: ["bees", "plants", "seeds", "pollen"],
          },
        },
      ],
    },
    {
      id: "reading-story-order",
      title: "Put the story in order",
      type: "interactive",
      duration: "5 min",
      task: {
        kind: "order",
        instruction: "Move the sentences up or down so the story happens in order, then check.",
        items: [
          { label: "Mia found a seed in the garden." },
          { label: "She planted it in a small pot." },
          { label: "She watered it every morning." },
          { label: "A green shoot pushed through the soil." },
        ],
        start: [2, 0, 3, 1],
        explanation:
          "A seed is found, planted, watered, and then it grows: each event needs the one before it.",
      },
    },
    {
      id: "reading-words-quiz",
      title: "Words in context",
      type: "quiz",
      duration: "5 min",
      questions: [
        {
          id: "calm",
          prompt: "'The lake was so calm it looked like glass.' What does calm mean here?",
          options: ["Still and smooth", "Deep", "Cold", "Noisy"],
          answer: 0,
          explanation:
            "Glass is smooth and still, so a lake that looks like glass has no waves: calm means still.",
        },
        {
          id: "main-idea",
          prompt: "'Bees carry pollen between flowers. This helps plants make seeds.' What is the main idea?",
          options: [
            "Flowers are colourful",
            "Bees help plants make seeds",
            "Bees can sting",
            "Seeds are small",
          ],
          answer: 1,
          explanation:
            "Both sentences are about how bees help plants: that is what the text is mostly about.",
        },
        {
          id: "opposite",
          prompt: "Which word means the opposite of 'ancient'?",
          options: ["Old", "Large", "Modern", "Quiet"],
          answer: 2,
          explanation: "Ancient means very old; modern means new, of today.",
        },
      ],
    },
    {
      id: "reading-find-the-verb",
      title: "Find the word",
      type: "practice",
      duration: "4 min",
      task: {
        prompt:
          "'The small dog runs quickly to the park.' Type the word that tells you what the dog does (the verb).",
        answers: ["runs"],
        hint: "Look for the action: what is the dog doing?",
        explanation: "'runs' is the action in the sentence: it is the verb.",
      },
    },
  ],
};
