import type { LearningModule, Swatch } from "./lesson-types";

/** The coding and art modules of the Learning Center, with their lessons. */

const red: Swatch = { name: "Red", hex: "#d62828" };
const yellow: Swatch = { name: "Yellow", hex: "#f6c915" };
const blue: Swatch = { name: "Blue", hex: "#1d4ed8" };
const orange: Swatch = { name: "Orange", hex: "#f08a24" };
const green: Swatch = { name: "Green", hex: "#2f9e44" };
const purple: Swatch = { name: "Purple", hex: "#7b3fa0" };

export const coding: LearningModule = {
  id: "coding",
  title: "Coding: First Programs",
  description: "Variables, order of steps and loops, read in small JavaScript programs.",
  difficulty: "hard",
  lessons: [
    {
      id: "coding-variables",
      title: "Variables and printing",
      type: "video",
      duration: "5 min",
      steps: [
        {
          title: "Make a variable",
          text: "A variable is a named box for a value. This line makes a box called apples and puts 3 in it.",
          illustration: {
            kind: "code",
            lines: ["let apples = 3;", "apples = apples + 2;", "console.log(apples);"],
            highlight: 0,
          },
        },
        {
          title: "Change it",
          text: "The computer works out the right side first (3 + 2 = 5), then puts the result back in the box.",
          illustration: {
            kind: "code",
            lines: ["let apples = 3;", "apples = apples + 2;", "console.log(apples);"],
            highlight: 1,
          },
        },
        {
          title: "Print it",
          text: "console.log shows the value on the screen. The lines run from top to bottom, so it prints 5.",
          illustration: {
            kind: "code",
            lines: ["let apples = 3;", "apples = apples + 2;", "console.log(apples);"],
            highlight: 2,
            output: "5",
          },
        },
      ],
    },
    {
      id: "coding-order-lines",
      title: "Put the program in order",
      type: "interactive",
      duration: "5 min",
      task: {
        kind: "order",
        instruction: "Order the lines so the program prints 'Hello, Sam', then check.",
        items: [
          { label: 'let name = "Sam";' },
          { label: 'let greeting = "Hello, " + name;' },
          { label: "console.log(greeting);" },
        ],
        start: [2, 1, 0],
        code: true,
        explanation: "A variable has to be made before it is used: name, then greeting, then print it.",
      },
    },
    {
      id: "coding-loops-quiz",
      title: "Loops and values",
      type: "quiz",
      duration: "5 min",
      questions: [
        {
          id: "loop-count",
          prompt: "How many times does the body of for (let i = 0; i < 3; i++) run?",
          options: ["2", "3", "4"],
          answer: 1,
          explanation: "i takes the values 0, 1 and 2; at 3 the test i < 3 fails: 3 times.",
        },
        {
          id: "precedence",
          prompt: "What does console.log(2 + 3 * 2) print?",
          options: ["10", "8", "7"],
          answer: 1,
          explanation: "Multiplication comes before addition: 3 * 2 = 6, then 2 + 6 = 8.",
        },
        {
          id: "string",
          prompt: "Which of these values is a string (text)?",
          options: ["42", '"42"', "true"],
          answer: 1,
          explanation: 'Quotes make text: "42" is a string; 42 is a number and true is a boolean.',
        },
      ],
    },
    {
      id: "coding-predict-output",
      title: "Predict the output",
      type: "practice",
      duration: "5 min",
      task: {
        prompt: "What does this program print? Type the output.",
        code: [
          "let total = 0;",
          "for (let i = 1; i <= 4; i++) {",
          "  total = total + i;",
          "}",
          "console.log(total);",
        ],
        answers: ["10"],
        hint: "The loop adds i = 1, 2, 3 and 4 to total, one at a time.",
        explanation: "0 + 1 + 2 + 3 + 4 = 10, so it prints 10.",
      },
    },
  ],
};

export const art: LearningModule = {
  id: "art",
  title: "Art: Colour",
  description: "The colour wheel, mixing paints, and light and dark shades.",
  difficulty: "easy",
  lessons: [
    {
      id: "art-colour-wheel",
      title: "The colour wheel",
      type: "video",
      duration: "4 min",
      steps: [
        {
          title: "Three primary colours",
          text: "In paint, red, yellow and blue are the primary colours: they cannot be mixed from other paints.",
          illustration: { kind: "swatches", colors: [red, yellow, blue] },
        },
        {
          title: "Mixing two primaries",
          text: "Mix two primaries to make a secondary colour. Red and yellow make orange.",
          illustration: { kind: "mix", left: red, right: yellow, result: orange },
        },
        {
          title: "The other secondaries",
          text: "Yellow and blue make green; blue and red make purple.",
          illustration: { kind: "mix", left: yellow, right: blue, result: green },
        },
        {
          title: "Opposites",
          text: "Colours opposite each other on the wheel are complementary: red and green, yellow and purple, blue and orange. Side by side they stand out.",
          illustration: { kind: "swatches", colors: [red, green, yellow, purple, blue, orange] },
        },
      ],
    },
    {
      id: "art-light-to-dark",
      title: "Light to dark",
      type: "interactive",
      duration: "4 min",
      task: {
        kind: "order",
        instruction: "Order the blues from lightest to darkest, then check.",
        items: [
          { label: "Pale blue", swatch: "#dbeafe" },
          { label: "Sky blue", swatch: "#60a5fa" },
          { label: "Royal blue", swatch: "#1d4ed8" },
          { label: "Navy", swatch: "#172554" },
        ],
        start: [2, 0, 3, 1],
        explanation: "Adding white makes a tint (lighter); adding black makes a shade (darker).",
      },
    },
    {
      id: "art-colour-quiz",
      title: "Warm, cool and opposite",
      type: "quiz",
      duration: "4 min",
      questions: [
        {
          id: "warm",
          prompt: "Which of these is a warm colour?",
          options: ["Blue", "Orange", "Teal"],
          answer: 1,
          explanation: "Reds, oranges and yellows feel warm, like fire and sun; blues and greens feel cool.",
        },
        {
          id: "complement",
          prompt: "Which colour is opposite red on the colour wheel (its complement)?",
          options: ["Orange", "Purple", "Green"],
          answer: 2,
          explanation: "Green is made of the two other primaries (yellow and blue), so it sits opposite red.",
        },
        {
          id: "primaries",
          prompt: "Which are the three primary colours of paint?",
          options: ["Red, yellow, blue", "Orange, green, purple", "Black, white, grey"],
          answer: 0,
          explanation:
            "Red, yellow and blue cannot be mixed from other paints; the rest can be mixed from them.",
        },
      ],
    },
    {
      id: "art-mix-colours",
      title: "Mix colours",
      type: "practice",
      duration: "4 min",
      task: {
        prompt: "You mix red paint with blue paint. Name the colour you get.",
        illustration: { kind: "mix", left: red, right: blue, result: null },
        answers: ["purple", "violet"],
        hint: "It is a secondary colour, opposite yellow on the wheel.",
        explanation: "Red and blue make purple (also called violet).",
      },
    },
  ],
};
