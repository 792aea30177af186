import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { TopNav } from "@/components/nav/top-nav";
import { getCtx } from "@/lib/auth/ctx";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Concord", template: "%s · Concord" },
  description: "Clinician calibration for crisis-support evaluations.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { user } = await getCtx();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Providers>
          {user ? <TopNav user={user} /> : null}
          <main id="main" className="mx-auto w-full max-w-5xl px-6 py-10">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
