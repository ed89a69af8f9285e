//pass
//--local_size=64 --num_groups=16
// expect: drf — work-item gid reads and rewrites only h[gid] through vload_half/vstore_half
__kernel void k(__global half *h)
{
  size_t gid = get_global_id(0);
  float f = vload_half(gid, h);
  vstore_half(f * 0.5f, gid, h);
}
