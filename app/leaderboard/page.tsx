import type { Metadata } from "next";
import { LeaderboardScreen, type Search } from "@/components/leaderboard/leaderboard-screen";

export const metadata: Metadata = { title: "Leaderboard" };

/** The latest finished grading's leaderboard (leads; authors read-only). */
export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<Search> }) {
  return <LeaderboardScreen search={await searchParams} />;
}
