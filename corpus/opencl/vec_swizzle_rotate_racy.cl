//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — work-item gid reads a[gid + 1] while work-item gid + 1 writes a[gid + 1]
__kernel void k(__global float4 *a)
{
  size_t gid = get_global_id(0);
  float4 v = a[gid + 1];
  a[gid] = v.wzyx + v.s1230;
}
