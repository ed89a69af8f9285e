//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the even work-item writes p[k].xy = (2k, 2k), overlapping the odd work-item's write p[k].y = 2k + 1
__kernel void k(__global int2 *p)
{
  int gid = get_global_id(0);
  if (gid & 1)
    p[gid / 2].y = gid;
  else
    p[gid / 2].xy = (int2)(gid, gid);
}
