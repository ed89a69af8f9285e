//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the vload8 from a + 4 reads a[8 * gid + 8 .. 8 * gid + 11], which work-item gid + 1 writes with its vstore8
__kernel void k(__global float *a)
{
  size_t gid = get_global_id(0);
  float8 v = vload8(gid, a + 4);
  vstore8(v.s76543210, gid, a);
}
