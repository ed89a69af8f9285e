//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item reverses its own 8-element block a[8 * gid .. 8 * gid + 7] in place
__kernel void k(__global float *a)
{
  size_t gid = get_global_id(0);
  float8 v = vload8(gid, a);
  vstore8(v.s76543210, gid, a);
}
