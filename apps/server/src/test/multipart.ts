/** A multipart body with the given files (name -> content), as a browser sends it. */
export function multipart(files: Record<string, string | Buffer>) {
  const boundary = `----neuroos${Date.now().toString(16)}`;
  const parts = Object.entries(files).map(([name, content]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
