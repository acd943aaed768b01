import { serveJobs } from "../serve";
import { echo, hoard, hoardNative, refuse, spin } from "./jobs";

serveJobs([echo, hoard, hoardNative, spin, refuse]);
