import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";

type OpenAiError = { error: { message: string; type: string; code: string | null; param: string | null } };

/** What /v1 refuses, in OpenAI's error shape, and that a refused request reaches no provider. */
describeEachDatabase("the OpenAI-compatible API's refusals", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let people: TwoPeople;
  let origin: string;
  let token: string;

  const tokenOf = async (scope: string) => {
    const made = await people.api("POST", "/api/access-tokens", { name: `A ${scope} token`, scope });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; token: string };
  };
  const post = (body: string, bearer = token) =>
    fetch(`${origin}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
      body,
    });
  const refusal = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as OpenAiError;
    expect(body.error).toEqual({
      message: expect.any(String),
      type: expect.any(String),
      code: expect.anything(),
      param: expect.toSatisfy((p) => p === null || typeof p === "string"),
    });
    return body.error;
  };
  const hi = [{ role: "user", content: "Hi" }];

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(provider, { LLM_TIMEOUT_MS: "3000" }));
    ({ origin } = await listen(t.app));
    people = await twoPeople(t.app);
    token = (await tokenOf("models")).token;
  });
  afterAll(async () => {
    await t.app.close();
    await provider.close();
  });
  beforeEach(() => provider.reset());

  it("reaches /v1 with a 'models' or 'full' token, not a read-only one; a 'models' token does not reach /mcp", async () => {
    const full = new OpenAI({
      baseURL: `${origin}/v1`,
      apiKey: (await tokenOf("full")).token,
      maxRetries: 0,
    });
    expect((await full.models.list()).data.length).toBeGreaterThan(0);
    const read = new OpenAI({
      baseURL: `${origin}/v1`,
      apiKey: (await tokenOf("read")).token,
      maxRetries: 0,
    });
    const err = await read.models.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((err as Error).message).toMatch(/read-only/);

    const mcp = await fetch(`${origin}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(mcp.status).toBe(403);
    expect(await mcp.text()).toMatch(/only the OpenAI-compatible API/);
  });

  it("refuses a revoked token at once", async () => {
    const made = await tokenOf("models");
    expect((await post(JSON.stringify({ model: "openai/gpt-4o", messages: hi }), made.token)).status).toBe(
      200,
    );
    expect((await people.api("DELETE", `/api/access-tokens/${made.id}`)).statusCode).toBe(204);
    const error = await refusal(
      await post(JSON.stringify({ model: "openai/gpt-4o", messages: hi }), made.token),
      401,
    );
    expect(error).toMatchObject({ type: "authentication_error", code: "invalid_api_key" });
  });

  it("refuses bad input with a 400 in words, and sends nothing to the provider", async () => {
    const cases: [string, string, RegExp][] = [
      ["malformed JSON", '{"model": "openai/gpt-4o", "messages": [', /Malformed JSON/],
      ["no messages", JSON.stringify({ model: "openai/gpt-4o" }), /messages/],
      ["empty messages", JSON.stringify({ model: "openai/gpt-4o", messages: [] }), /At least one message/],
      ["no model", JSON.stringify({ messages: hi }), /model/],
      [
        "a NUL",
        JSON.stringify({ model: "openai/gpt-4o", messages: [{ role: "user", content: "a\u0000b" }] }),
        /NUL/,
      ],
      [
        "a lone surrogate",
        '{"model":"openai/gpt-4o","messages":[{"role":"user","content":"a\\ud800b"}]}',
        /surrogate/,
      ],
      [
        "an unknown role",
        JSON.stringify({ model: "openai/gpt-4o", messages: [{ role: "wizard", content: "x" }] }),
        /Role/,
      ],
      ["n = 2", JSON.stringify({ model: "openai/gpt-4o", messages: hi, n: 2 }), /n = 1/],
      [
        "temperature 3",
        JSON.stringify({ model: "openai/gpt-4o", messages: hi, temperature: 3 }),
        /temperature/i,
      ],
      [
        "a tool result without its call",
        JSON.stringify({
          model: "openai/gpt-4o",
          messages: [...hi, { role: "tool", tool_call_id: "x", content: "1" }],
        }),
        /no earlier assistant message/,
      ],
      [
        "tool_choice without tools",
        JSON.stringify({ model: "openai/gpt-4o", messages: hi, tool_choice: "required" }),
        /tool_choice/,
      ],
      [
        "an image by address",
        JSON.stringify({
          model: "openai/gpt-4o",
          messages: [
            { role: "user", content: [{ type: "image_url", image_url: { url: "http://10.0.0.1/x.png" } }] },
          ],
        }),
        /data: URL/,
      ],
      [
        "a tool with a bad name",
        JSON.stringify({
          model: "openai/gpt-4o",
          messages: hi,
          tools: [{ type: "function", function: { name: "no spaces" } }],
        }),
        /tool's name/,
      ],
    ];
    for (const [what, body, words] of cases) {
      const error = await refusal(await post(body), 400);
      expect(error.type, what).toBe("invalid_request_error");
      expect(error.message, what).toMatch(words);
    }
    const huge = JSON.stringify({
      model: "openai/gpt-4o",
      messages: [{ role: "user", content: "x".repeat(9_000_000) }],
    });
    const tooLarge = await refusal(await post(huge), 413);
    expect(tooLarge.message).toMatch(/larger than 8 MB/);
    expect(provider.calls).toHaveLength(0);
  });

  it("tells a dead provider in words with a 502, before and during a stream", async () => {
    const client = new OpenAI({ baseURL: `${origin}/v1`, apiKey: token, maxRetries: 0 });
    provider.script({ kind: "error", status: 503, body: { error: { message: "overloaded" } } });
    const down = await client.chat.completions
      .create({ model: "openai/gpt-4o-mini", messages: [{ role: "user", content: "Hi" }] })
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(OpenAI.InternalServerError);
    expect((down as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect((down as Error).message).toMatch(/OpenAI is unavailable \(HTTP 503\)/);
    expect((down as InstanceType<typeof OpenAI.APIError>).code).toBe("llm_provider_down");

    provider.script({ kind: "cut", after: 2 });
    const stream = await client.chat.completions.create({
      model: "openai/gpt-4o-mini",
      messages: [{ role: "user", content: "Hi" }],
      stream: true,
    });
    let text = "";
    const cut = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    })().catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(OpenAI.APIError);
    expect((cut as Error).message).toMatch(/cut short|broke off/);
    expect(text.length).toBeGreaterThan(0);
  });
});
