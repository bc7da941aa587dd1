const t0=Date.now();
const { PGlite } = await import('@electric-sql/pglite');
console.log('import',Date.now()-t0);
const a=await PGlite.create(); console.log('mem create',Date.now()-t0);
const b=await PGlite.create(); console.log('mem create 2',Date.now()-t0);
const tar = await a.dumpDataDir('none'); console.log('dump',Date.now()-t0, tar.size);
const c=await PGlite.create({loadDataDir: tar}); console.log('load from dump',Date.now()-t0);
