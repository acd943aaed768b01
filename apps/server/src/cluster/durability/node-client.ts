import { LiveClient } from "../../test/live-client";
import { postJson } from "../../test/server-process";
import { buildSignup, cookiePair } from "../../test/test-app";

/** A signed-in person talking to a server node over its public API, as a browser does. */
export class NodeClient {
  constructor(
    readonly url: string,
    readonly cookie: string,
  ) {}

  /** Signs a new person up and in through the node's HTTP API. */
  static async signUp(url: string): Promise<NodeClient> {
    const body = buildSignup();
    const signup = await postJson(`${url}/api/auth/signup`, body);
    if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
    const login = await postJson(`${url}/api/auth/login`, { email: body.email, password: body.password });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    return new NodeClient(url, cookiePair(login.headers.get("set-cookie") ?? ""));
  }

  /** The same person (same session cookie) on another node, or on this one restarted. */
  at(url: string): NodeClient {
    return new NodeClient(url, this.cookie);
  }

  request(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  }

  /** GET, answered 200 with JSON; null for a 404. */
  async read<T>(path: string): Promise<T | null> {
    const res = await this.request("GET", path);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** The live channel, as a browser tab opens it. */
  live(): Promise<LiveClient> {
    return LiveClient.connect(`${this.url.replace("http", "ws")}/ws`, {
      cookie: this.cookie,
      origin: this.url,
    });
  }
}
