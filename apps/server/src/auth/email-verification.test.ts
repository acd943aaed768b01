import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailVerifications } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { startSmtpServer } from "../test/smtp-server";
import { buildSignup, buildTestApp, cookiePair, type TestApp } from "../test/test-app";

/** Signs up and in; the Cookie header of the session. */
async function signUpAndIn(t: TestApp, body = buildSignup()) {
  const created = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
  expect(created.statusCode).toBe(201);
  const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: body });
  return { body, userId: login.json().user.id as string, cookie: cookiePair(login.headers["set-cookie"]) };
}

const status = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: "/api/auth/email-verification", headers: { cookie } })).json();
const verify = (t: TestApp, token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
const sendAgain = (t: TestApp, cookie: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/email-verification", headers: { cookie } });

describeEachDatabase("email verification with mail (real mailer, test SMTP server)", (db) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(
      db(),
      { SMTP_URL: smtp.url, PUBLIC_URL: "https://neuroos.example" },
      { realMailer: true },
    );
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.close();
  });
  /** The token of the last link mailed to this address. */
  const mailedToken = (email: string) => {
    const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
    const link = /https:\/\/neuroos\.example\/auth\/verify-email\?token=([^\s]+)/.exec(mail?.message ?? "");
    return decodeURIComponent(link?.[1] ?? "");
  };

  it("mails a link at sign-up; opening it verifies the address, once", async () => {
    const { body, cookie } = await signUpAndIn(t);
    expect(await status(t, cookie)).toEqual({ email: body.email, verified: false, canSend: true });
    const mail = smtp.mails.find((m) => m.to.includes(body.email));
    expect(mail?.message).toContain("Subject: Verify your NeuroOS email address");
    const token = mailedToken(body.email);
    expect(token.length).toBeGreaterThan(20);
    // Only the hash is stored.
    expect(JSON.stringify(await db().db.select().from(emailVerifications))).not.toContain(token);

    const opened = await verify(t, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: "Your email address is verified." });
    expect(await status(t, cookie)).toMatchObject({ verified: true });
    const again = await verify(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: "invalid_token",
      message: "This verification link is invalid or has expired",
    });
    // Verified: no link to send again.
    const refused = await sendAgain(t, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Your email address is already verified.");
  });

  it("sends the link again on request; the older link stops working", async () => {
    const { body, cookie } = await signUpAndIn(t);
    const first = mailedToken(body.email);
    const sent = await sendAgain(t, cookie);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().message).toBe(`A new link is on its way to ${body.email}.`);
    const second = mailedToken(body.email);
    expect(second).not.toBe(first);
    expect((await verify(t, first)).statusCode).toBe(400);
    expect((await status(t, cookie)).verified).toBe(false);
    expect((await verify(t, second)).statusCode).toBe(200);
    expect((await status(t, cookie)).verified).toBe(true);
  });

  it("refuses an expired link, and a malformed one, changing nothing", async () => {
    const { body, userId, cookie } = await signUpAndIn(t);
    const token = mailedToken(body.email);
    await db()
      .db.update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, userId));
    expect((await verify(t, token)).json().error.code).toBe("invalid_token");
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify-email",
      payload: { token: 42 },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("validation_failed");
    expect((await status(t, cookie)).verified).toBe(false);
  });

  it("asks for a session to read or resend", async () => {
    expect((await t.app.inject({ url: "/api/auth/email-verification" })).statusCode).toBe(401);
    expect((await sendAgain(t, "")).statusCode).toBe(401);
  });
});

describeEachDatabase("email verification without mail", (db) => {
  it("sends nothing at sign-up, says the address is not verified, and refuses to send", async () => {
    const t = await buildTestApp(db());
    const { cookie } = await signUpAndIn(t);
    expect(t.mails).toEqual([]);
    expect(await status(t, cookie)).toMatchObject({ verified: false, canSend: false });
    const refused = await sendAgain(t, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("This server does not send mail, so no link can be sent.");
    expect(t.mails).toEqual([]);
    await t.app.close();
  });
});
