//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item reads and then rewrites only a[gid]; the sub-group sum is reached by all
// cl-std: CL2.0
__kernel void k(__global float *a)
{
  int gid = get_global_id(0);
  float v = a[gid];
  float s = sub_group_reduce_add(v);
  a[gid] = v / s;
}
