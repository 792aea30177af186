import type { Metadata } from "next";
import { RubricEditor } from "@/components/rubric/rubric-editor";
import { loadItem, type ItemParams } from "../load";

export async function generateMetadata({ params }: ItemParams): Promise<Metadata> {
  return { title: `Rubric of ${decodeURIComponent((await params).id)}` };
}

export default async function RubricPage({ params }: ItemParams) {
  return <RubricEditor initial={await loadItem((await params).id)} />;
}
