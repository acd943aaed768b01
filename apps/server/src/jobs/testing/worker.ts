import { serveJobs } from "../serve";
import { echo, hoard, refuse, spin } from "./jobs";

serveJobs([echo, hoard, spin, refuse]);
