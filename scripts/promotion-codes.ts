// `npm run billing:codes -- list | create CODE … | deactivate CODE` (decision 069): promotion codes,
// made at Stripe too in stripe mode, using the server's configuration (DATA_DIR, DATABASE_URL,
// PAYMENTS). Stop a server on the same embedded database first: PGlite has one owner at a time.
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { createPaymentProvider } from '@server/modules/payments/create-provider';
import { parsePromotionCodeCommand, promotionCodesUsage, runPromotionCodeCommand } from '@server/modules/payments/promotion-code-admin';
import { runScript } from './run-script';

async function main(): Promise<number> {
  const command = parsePromotionCodeCommand(process.argv.slice(2));
  if ('error' in command) {
    console.error(`billing:codes: ${command.error}\n${promotionCodesUsage}`);
    return 2;
  }
  const config = await loadConfig();
  const handle = await openDatabase(config);
  try {
    const result = await runPromotionCodeCommand(handle.db, await createPaymentProvider(config, handle.db), command);
    if ('error' in result) {
      console.error(`billing:codes: ${result.error}`);
      return 1;
    }
    console.log(result.output);
    return 0;
  } finally {
    await handle.close();
  }
}

runScript('billing:codes', main);
