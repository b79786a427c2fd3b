// Stand-in asset used only when the app is synthesised with context stubBundling=true (fast tests).
export const handler = async () => ({ statusCode: 501, body: '' });
