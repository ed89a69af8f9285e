//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item loads and stores back the same pair a[2 * gid], a[2 * gid + 1], swapped with .yx
__kernel void k(__global int *a)
{
  size_t gid = get_global_id(0);
  int2 v = vload2(gid, a);
  vstore2(v.yx, gid, a);
}
