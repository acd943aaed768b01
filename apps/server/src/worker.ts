// The job pool's worker thread (jobs/pool.ts): serves the heavy jobs on a person's input. The
// build bundles it beside main.js as worker.js.
import { docxExport, pdfExport } from "./exports/jobs";
import { serveJobs } from "./jobs/serve";
import { localEmbedJob } from "./vector/embed-job";
import { transformersEmbedJob } from "./vector/transformers";

serveJobs([pdfExport, docxExport, localEmbedJob, transformersEmbedJob]);
