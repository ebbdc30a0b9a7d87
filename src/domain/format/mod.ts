export * from "./ui.ts";
