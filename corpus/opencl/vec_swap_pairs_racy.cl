//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the load from a + 1 reads a[2 * gid + 2], which work-item gid + 1 writes with its vstore2
__kernel void k(__global int *a)
{
  size_t gid = get_global_id(0);
  int2 v = vload2(gid, a + 1);
  vstore2(v.yx, gid, a);
}
