//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — work-item gid writes a[gid + 1], which work-item gid + 1 reads (e.g. gid 63 and 64 are in different work-groups)
// cl-std: CL2.0
__kernel void k(__global float *a)
{
  int gid = get_global_id(0);
  float v = a[gid];
  float s = sub_group_reduce_add(v);
  a[gid + 1] = v / s;
}
