//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — vstore_half at gid + 1 writes h[gid + 1], which work-item gid + 1 reads with vload_half
__kernel void k(__global half *h)
{
  size_t gid = get_global_id(0);
  float f = vload_half(gid, h);
  vstore_half(f * 0.5f, gid + 1, h);
}
