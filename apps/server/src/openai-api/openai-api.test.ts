import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";

type Body = Record<string, unknown> & { messages: { role: string; content: unknown }[] };

/** The official OpenAI client against the running server, with the providers' test server behind it. */
describeEachDatabase("the OpenAI-compatible API (/v1) through the official openai client", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let people: TwoPeople;
  let origin: string;
  let client: OpenAI;
  let bobsAgentId: string;

  const tokenFor = async (who: { cookie: string }, scope = "models") => {
    const made = await people.api("POST", "/api/access-tokens", { name: "An OpenAI client", scope }, who);
    expect(made.statusCode, made.body).toBe(201);
    return made.json().token as string;
  };
  const sent = () => provider.calls.at(-1)?.body as Body;

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(provider, { LLM_TIMEOUT_MS: "5000" }));
    ({ origin } = await listen(t.app));
    people = await twoPeople(t.app);
    await people.api("PUT", "/api/settings", { defaultProvider: "openai" });
    const pirate = {
      name: "Pirate",
      systemPrompt: "You are a pirate. Answer in pirate speech.",
      provider: "anthropic",
      model: "claude-haiku-4-5",
      temperature: 0.3,
    };
    expect((await people.api("POST", "/api/agents", pirate)).statusCode).toBe(201);
    const bobs = await people.api(
      "POST",
      "/api/agents",
      { name: "Bob's secret", systemPrompt: "Bob's" },
      people.bob,
    );
    bobsAgentId = bobs.json().id;
    client = new OpenAI({ baseURL: `${origin}/v1`, apiKey: await tokenFor(people.alice), maxRetries: 0 });
  });
  afterAll(async () => {
    await t.app.close();
    await provider.close();
  });
  beforeEach(() => provider.reset());

  it("lists the person's agents and the configured providers' models, never another person's agents", async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(["agent:Interpreter", "agent:Pirate", "openai/gpt-4o-mini"]));
    expect(ids).toEqual(
      expect.arrayContaining(["anthropic/claude-haiku-4-5", "huggingface/Qwen/Qwen2.5-7B-Instruct"]),
    );
    expect(ids.some((id) => id.includes("Bob") || id.includes(bobsAgentId))).toBe(false);
    const pirate = await client.models.retrieve("agent:Pirate");
    expect(pirate).toMatchObject({ id: "agent:Pirate", object: "model", owned_by: "neuroos" });
    const hf = await client.models.retrieve("huggingface/Qwen/Qwen2.5-7B-Instruct");
    expect(hf.owned_by).toBe("huggingface");
  });

  it("answers a whole completion from a provider's model, through the gateway", async () => {
    provider.script({ kind: "text", chunks: ["Hello", ", ", "world"], usage: { input: 7, output: 3 } });
    const answer = await client.chat.completions.create({
      model: "openai/gpt-4o-mini",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Say hello" },
      ],
      temperature: 0.2,
      max_tokens: 50,
    });
    expect(answer.object).toBe("chat.completion");
    expect(answer.model).toBe("openai/gpt-4o-mini");
    expect(answer.choices[0]?.message).toMatchObject({ role: "assistant", content: "Hello, world" });
    expect(answer.choices[0]?.finish_reason).toBe("stop");
    expect(answer.usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
    const body = sent();
    expect(provider.calls.at(-1)?.path).toBe("/openai/v1/chat/completions");
    expect(body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.2, max_tokens: 50 });
    expect(body.messages[0]).toMatchObject({ role: "system", content: "Be brief." });
    // The gateway logged the call as the person's, with this API as its origin.
    const logs = await people.api("GET", "/api/logs?type=llm_interaction");
    expect(logs.body).toContain("openai_api");
  });

  it("streams OpenAI's chunks and ends with data: [DONE]", async () => {
    provider.script({ kind: "text", chunks: ["One", " two", " three"], usage: { input: 4, output: 3 } });
    const stream = await client.chat.completions.create({
      model: "openai/gpt-4o-mini",
      messages: [{ role: "user", content: "Count" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    const finishes: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe("chat.completion.chunk");
      text += chunk.choices[0]?.delta.content ?? "";
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe("One two three");
    expect(finishes).toEqual(["stop"]);
    expect(usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 3 });

    provider.script({ kind: "text", chunks: ["Raw"] });
    const raw = await fetch(`${origin}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${client.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "openai/gpt-4o",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      }),
    });
    expect(raw.headers.get("content-type")).toMatch(/text\/event-stream/);
    const lines = (await raw.text()).split("\n").filter(Boolean);
    expect(lines.at(-1)).toBe("data: [DONE]");
    expect(lines.every((line) => line.startsWith("data: "))).toBe(true);
  });

  it("passes tools and tool_choice to the provider and its tool calls back, whole and streamed, and the results on", async () => {
    const tools: OpenAI.ChatCompletionTool[] = [
      {
        type: "function",
        function: {
          name: "get_weather",
          description: "The weather in a city",
          parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        },
      },
    ];
    provider.script({
      kind: "tool-calls",
      calls: [{ id: "call_1", name: "get_weather", args: { city: "Oslo" } }],
    });
    const asked = await client.chat.completions.create({
      model: "openai/gpt-4o-mini",
      messages: [{ role: "user", content: "Weather in Oslo?" }],
      tools,
      tool_choice: { type: "function", function: { name: "get_weather" } },
    });
    const call = asked.choices[0]?.message.tool_calls?.[0];
    expect(asked.choices[0]?.finish_reason).toBe("tool_calls");
    expect(call).toMatchObject({ id: "call_1", type: "function", function: { name: "get_weather" } });
    expect(JSON.parse((call as OpenAI.ChatCompletionMessageFunctionToolCall).function.arguments)).toEqual({
      city: "Oslo",
    });
    const body = sent();
    expect(body.tools).toEqual([
      expect.objectContaining({
        type: "function",
        function: expect.objectContaining({ name: "get_weather" }),
      }),
    ]);
    expect(body.tool_choice).toEqual({ type: "function", function: { name: "get_weather" } });

    // The client ran the tool: its result goes back to the model with the call it answers.
    provider.script({ kind: "text", chunks: ["It is sunny in Oslo."] });
    const answered = await client.chat.completions.create({
      model: "openai/gpt-4o-mini",
      messages: [
        { role: "user", content: "Weather in Oslo?" },
        asked.choices[0]?.message as OpenAI.ChatCompletionMessageParam,
        { role: "tool", tool_call_id: "call_1", content: '{"sky":"sunny"}' },
      ],
      tools,
    });
    expect(answered.choices[0]?.message.content).toBe("It is sunny in Oslo.");
    const next = sent();
    expect(next.messages.at(-2)).toMatchObject({
      role: "assistant",
      tool_calls: [expect.objectContaining({ id: "call_1" })],
    });
    expect(next.messages.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: '{"sky":"sunny"}',
    });
    expect(next.tool_choice).toBe("auto");

    provider.script({
      kind: "tool-calls",
      calls: [{ id: "call_2", name: "get_weather", args: { city: "Rome" } }],
    });
    const stream = await client.chat.completions.create({
      model: "openai/gpt-4o-mini",
      messages: [{ role: "user", content: "Weather in Rome?" }],
      tools,
      tool_choice: "required",
      stream: true,
    });
    const deltas: OpenAI.ChatCompletionChunk.Choice.Delta.ToolCall[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe("tool_calls");
    expect(deltas).toEqual([
      {
        index: 0,
        id: "call_2",
        type: "function",
        function: { name: "get_weather", arguments: '{"city":"Rome"}' },
      },
    ]);
    expect(sent().tool_choice).toBe("required");
  });

  it("answers as an agent: its system prompt first, its provider, model and temperature", async () => {
    provider.script({ kind: "text", chunks: ["Arr, ahoy!"] });
    const answer = await client.chat.completions.create({
      model: "agent:Pirate",
      messages: [
        { role: "system", content: "Keep it short." },
        { role: "user", content: "Greet me" },
      ],
    });
    expect(answer.choices[0]?.message.content).toBe("Arr, ahoy!");
    expect(answer.model).toBe("agent:Pirate");
    expect(provider.calls.at(-1)?.path).toBe("/anthropic/v1/messages");
    const body = sent() as Body & { system: unknown };
    expect(body).toMatchObject({ model: "claude-haiku-4-5", temperature: 0.3 });
    expect(JSON.stringify(body.system)).toContain(
      "You are a pirate. Answer in pirate speech.\\n\\nKeep it short.",
    );
    // Its id works as well as its name.
    const agents = (await people.api("GET", "/api/agents")).json() as { id: string; name: string }[];
    const pirateId = agents.find((a) => a.name === "Pirate")?.id;
    provider.script({ kind: "text", chunks: ["Arr"] });
    const byId = await client.chat.completions.create({
      model: `agent:${pirateId}`,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(byId.choices[0]?.message.content).toBe("Arr");
  });

  it("refuses a bad token (401), an unknown model and another person's agent (400), in OpenAI's shape", async () => {
    const stranger = new OpenAI({ baseURL: `${origin}/v1`, apiKey: "nos_not-a-real-token", maxRetries: 0 });
    const refused = await stranger.models.list().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((refused as InstanceType<typeof OpenAI.AuthenticationError>).error).toMatchObject({
      type: "authentication_error",
      code: "invalid_api_key",
      message: expect.stringContaining("access token"),
    });
    const none = await fetch(`${origin}/v1/models`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { type: string } }).error.type).toBe("authentication_error");

    for (const model of [
      "gpt-4o",
      "agent:Nobody",
      `agent:${bobsAgentId}`,
      "agent:Bob's secret",
      "nope/model",
    ]) {
      const err = await client.chat.completions
        .create({ model, messages: [{ role: "user", content: "Hi" }] })
        .catch((e: unknown) => e);
      expect(err, model).toBeInstanceOf(OpenAI.BadRequestError);
      expect((err as InstanceType<typeof OpenAI.BadRequestError>).code, model).toBe("model_not_found");
    }
    const missing = await client.models.retrieve(`agent:${bobsAgentId}`).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(provider.calls).toHaveLength(0);
  });

  it("stops the provider's call when a streaming client leaves", async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => `tok${i} `);
    provider.script({ kind: "text", chunks, delayMs: 50 });
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: "openai/gpt-4o-mini", messages: [{ role: "user", content: "Count slowly" }], stream: true },
      { signal: controller.signal },
    );
    let seen = "";
    let leftAt = 0;
    await (async () => {
      for await (const chunk of stream) {
        seen += chunk.choices[0]?.delta.content ?? "";
        if (seen.includes("tok2")) {
          leftAt = performance.now();
          controller.abort();
        }
      }
    })().catch(() => undefined);
    const upstream = provider.calls.at(-1);
    for (let i = 0; i < 100 && upstream?.closedAt === undefined; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(upstream?.closedAt).toBeDefined();
    expect((upstream?.closedAt ?? Number.POSITIVE_INFINITY) - leftAt).toBeLessThan(500);
    expect((upstream?.emitted ?? provider.emitted).length).toBeLessThan(chunks.length);
  });
});
